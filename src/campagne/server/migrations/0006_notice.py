from django.db import migrations, models
import django.db.models.deletion


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0005_club_key'),
    ]

    operations = [
        migrations.CreateModel(
            name='Notice',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(max_length=16)),
                ('player', models.CharField(max_length=64)),
                ('left', models.PositiveSmallIntegerField(default=0)),
                ('lines', models.JSONField(default=list)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='notices',
                                               to='club.campaign')),
            ],
            options={'ordering': ['-created', '-pk']},
        ),
    ]
